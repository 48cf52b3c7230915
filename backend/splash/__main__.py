from splash.cli import main

main()
