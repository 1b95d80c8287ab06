"""The framework's floor: a bare one-command Typer app, for start-up comparisons."""

import typer

app = typer.Typer()


@app.command()
def main(name: str = "x") -> None:
    print(name)


if __name__ == "__main__":
    app()
